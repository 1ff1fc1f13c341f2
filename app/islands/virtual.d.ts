declare module 'virtual:islands-script' {
  /** The islands entry and the modules it imports; null in the browser and the dev server. */
  const script: { src: string; preload: string[] } | null;
  export default script;
}
