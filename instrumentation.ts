import { StartRefused } from "./server/start-refused";

// Runs once when the server starts: a bad configuration stops it here, not on the first request.
// Next logs an error thrown here and serves on regardless, so a refusal ends the process itself.
export async function register() {
  // Spelt as Next's compiler reads it, so that the edge runtime's bundle leaves the server out.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    try {
      const { startServer } = await import("./server/start-server");
      await startServer();
    } catch (error) {
      console.error(error instanceof StartRefused ? error.message : error);
      process.exit(1);
    }
  }
}
