// The translations grapesjs and its MJML preset ship (ES modules for grapesjs, CommonJS for the preset).
declare module 'grapesjs/locale/*.mjs' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module 'grapesjs-mjml/locale/*.js' {
  const messages: Record<string, unknown>;
  export default messages;
}
