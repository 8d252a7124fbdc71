// Zapier runs apps on Node 22 and its CLI refuses anything older; npm scripts pick up the Node 22
// binary that `npm ci` installs (optionalDependencies), so reaching this line on an older Node means
// that binary is missing for this platform.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(
    `This project runs on Node 22 (found ${process.version}). ` +
      'npm ci installs Node 22 into node_modules/.bin on Linux x64/arm64 and macOS x64; ' +
      'on other platforms install Node 22 yourself (for example with nvm) and run the command again.',
  );
  process.exit(1);
}
