// opencc-js ships types for its converters, not for its dictionaries: each is one string of
// "from to|from to…" pairs (server/search/engine/chinese-script.ts reads one).
declare module "opencc-js/dict/*" {
  const pairs: string;
  export default pairs;
}
