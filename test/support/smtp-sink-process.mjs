// A real SMTP server for the tests (issue 36: "the tests talk to a real SMTP server process started
// by the test"): nodemailer's own smtp-server, in a process of its own. It takes mail for anyone,
// with AUTH (the user and password in SMTP_SINK_USER / SMTP_SINK_PASSWORD) over plain text on
// 127.0.0.1, writes each message whole to <dir>/<n>.eml, and prints one JSON line a message on
// stdout ({"received": n, "file", "from", "to"}), after a first line {"port": p}.
// SMTP_SINK_REFUSE_FIRST=n answers the first n messages 451 (try again later), as a busy server does.
//   node test/support/smtp-sink-process.mjs <dir>
import { writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const [dir] = process.argv.slice(2);
if (!dir) throw new Error("usage: node test/support/smtp-sink-process.mjs <dir>");
const user = process.env.SMTP_SINK_USER ?? "inkstone";
const password = process.env.SMTP_SINK_PASSWORD ?? "sink-password";
let refuse = Number(process.env.SMTP_SINK_REFUSE_FIRST ?? "0");
let received = 0;

const server = new SMTPServer({
  secure: false,
  disabledCommands: ["STARTTLS"],
  allowInsecureAuth: true,
  authMethods: ["PLAIN", "LOGIN"],
  onAuth(auth, _session, callback) {
    if (auth.username === user && auth.password === password) callback(null, { user });
    else callback(new Error("Invalid username or password"));
  },
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      if (refuse > 0) {
        refuse -= 1;
        const error = Object.assign(new Error("Busy: try again later"), { responseCode: 451 });
        return callback(error);
      }
      received += 1;
      const file = path.join(dir, `${received}.eml`);
      writeFileSync(file, Buffer.concat(chunks));
      const to = session.envelope.rcptTo.map((r) => r.address);
      process.stdout.write(`${JSON.stringify({ received, file, from: session.envelope.mailFrom && session.envelope.mailFrom.address, to })}\n`);
      callback();
    });
  },
});
server.listen(0, "127.0.0.1", () => process.stdout.write(`${JSON.stringify({ port: server.server.address().port })}\n`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
