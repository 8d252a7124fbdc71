// The CLI's zapierwrapper requires this file; the app itself is bundled (with shared/ and zod) by build.mjs.
module.exports = require('./dist/index.js');
