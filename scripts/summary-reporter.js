// Ends every jest run with one plain line, "tests: N passed, N failed[, N skipped]", which CI reads
// to know how many tests ran (jest's own summary is not in a form it recognises).
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const line =
      `tests: ${results.numPassedTests} passed, ` +
      `${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`;
    process.stdout.write(`${line}\n`);
  }
}
module.exports = SummaryReporter;
