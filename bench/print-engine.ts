// What bench/print.mjs needs of the server, bundled by it: the engine (which runs writers in the
// worker pool), the text reader for the fixture novels, and the print geometry.
export * as engine from "../server/convert/engine";
export { readHere } from "../server/convert/engine/run";
export { TRIM_SIZES } from "../server/convert/engine/export-options";
export { gutterFor } from "../server/convert/engine/print";
export { pdfxAvailable } from "../server/convert/engine/writers/pdfx";
