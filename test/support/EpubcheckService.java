import com.adobe.epubcheck.tool.EpubChecker;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * epubcheck for a whole unit run in one JVM (test/support/epubcheck-service.ts, decision 0525):
 * a JVM started for each book spent four seconds of CPU compiling epubcheck's schemas again, and
 * the book's own check a tenth of that. On 127.0.0.1 at the port given, each connection sends an
 * EPUB's path on one line and gets epubcheck's exit status on one line, then its report. Ends when
 * its standard input closes: the test run that started it is gone.
 */
public class EpubcheckService {
  public static void main(String[] args) throws IOException {
    Thread parent = new Thread(() -> {
      try {
        while (System.in.read() >= 0) {}
      } catch (IOException ignored) {
      }
      System.exit(0);
    });
    parent.setDaemon(true);
    parent.start();
    PrintStream out = System.out;
    PrintStream err = System.err;
    try (ServerSocket server = new ServerSocket(Integer.parseInt(args[0]), 50, InetAddress.getLoopbackAddress())) {
      for (;;) {
        try (Socket client = server.accept()) {
          String file = new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8)).readLine();
          // A connection that sends nothing: the test run asking whether this service is up yet.
          if (file == null) continue;
          ByteArrayOutputStream report = new ByteArrayOutputStream();
          PrintStream capture = new PrintStream(report, true, StandardCharsets.UTF_8);
          int status;
          System.setOut(capture);
          System.setErr(capture);
          try {
            status = new EpubChecker().run(new String[] { file });
          } catch (RuntimeException failure) {
            failure.printStackTrace(capture);
            status = 2;
          } finally {
            System.setOut(out);
            System.setErr(err);
          }
          OutputStream reply = client.getOutputStream();
          reply.write((status + "\n").getBytes(StandardCharsets.UTF_8));
          report.writeTo(reply);
        } catch (IOException failure) {
          failure.printStackTrace(err);
        }
      }
    }
  }
}
