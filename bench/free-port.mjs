// A port nothing listens on yet, for a benchmark's own server processes.
import { createServer } from "node:net";

/** Asks the system for a free port on `host`, then lets it go for the server to take. */
export function freePort(host) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, host, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
