/** A Fluent catalogue imported as its text (esbuild's text loader, see build.mjs). */
declare module "*.ftl" {
  const text: string;
  export default text;
}
