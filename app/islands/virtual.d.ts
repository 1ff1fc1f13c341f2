declare module 'virtual:islands-script' {
  /** The built islands entry; null in the browser and the dev server. */
  const script: { src: string } | null;
  export default script;
}
