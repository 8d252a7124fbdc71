// Ends every jest run with one plain line, "tests: N passed, N failed[, N skipped]", which CI reads to know how
// many tests ran (jest's own summary is not in a form it recognises) and the README names as the last line.
// Jest adds its own summary reporter after the configured ones and may report a worker that would not exit
// after that, so the line is written as the process exits: whatever jest printed, this line is the last.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const line =
      `tests: ${results.numPassedTests} passed, ` +
      `${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`;
    process.once('exit', () => process.stdout.write(`${line}\n`));
  }
}
module.exports = SummaryReporter;
