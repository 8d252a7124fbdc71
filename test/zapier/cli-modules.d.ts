/** The CLI's own unzip, which its build uses to test-load build.zip; the test unpacks the same way. */
declare module 'zapier-platform-cli/src/utils/decompress' {
  function decompress(zipPath: string, outputDir: string): Promise<unknown>;
  export = decompress;
}
