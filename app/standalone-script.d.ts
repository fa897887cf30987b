/** `import url from "./file.ts?standalone"`: the URL of the file built as a script of its own (vite.config.ts). */
declare module "*?standalone" {
  const url: string;
  export default url;
}
