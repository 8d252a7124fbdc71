// A long command (apt-get, an n8n install, a native build) run quietly: all its output goes to a log file the
// caller names, and a line saying it is still running is printed every 30 s, so a newcomer neither scrolls
// through hundreds of lines nor stares at a silent terminal for minutes. A failure names the log file.
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, closeSync } from 'node:fs';
import { dirname } from 'node:path';
import { clearInterval, clearTimeout, setInterval, setTimeout } from 'node:timers';

/** "45 s", "3 min 20 s": how long a step has been running, as a person reads it. */
export function elapsed(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/**
 * Runs `command args` with its stdout and stderr appended to `log`, printing `${label}: still running (N s)`
 * every `every` ms through `print`. Resolves with the time taken; rejects (after `timeout` ms, or on a
 * non-zero exit) with an error that names the command's exit and the log file.
 */
export function runLong({ label, command, args, log, cwd, env, every = 30_000, timeout = 40 * 60_000, print }) {
  const say = print ?? ((line) => process.stdout.write(`${line}\n`));
  mkdirSync(dirname(log), { recursive: true });
  const out = openSync(log, 'a');
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', out, out] });
    const ticker = setInterval(() => say(`${label}: still running (${elapsed(Date.now() - started)})`), every);
    const limit = setTimeout(() => child.kill('SIGTERM'), timeout);
    let finished = false;
    const finish = (error) => {
      if (finished) return;
      finished = true;
      clearInterval(ticker);
      clearTimeout(limit);
      closeSync(out);
      if (error) reject(error);
      else resolve({ ms: Date.now() - started });
    };
    child.on('error', (error) => finish(new Error(`${label}: could not start ${command} (${error.message})`)));
    child.on('exit', (code, signal) => {
      if (code === 0) return finish();
      const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
      finish(new Error(`${label}: ${command} ${how} after ${elapsed(Date.now() - started)}; full log: ${log}`));
    });
  });
}
