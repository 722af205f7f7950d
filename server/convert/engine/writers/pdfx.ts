import { spawn, type ChildProcess } from "node:child_process";
import { accessSync, constants, existsSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * The PDF/X-3 variant of a print PDF (issue 37 item 1, decision 0490), made by Ghostscript's
 * pdfwrite (Debian's `ghostscript`): the pages converted to CMYK, fonts embedded, images left at
 * their resolution, and the output intent PDF/X asks for (a CMYK profile Ghostscript ships, so
 * nothing is downloaded). Typst writes no PDF/X itself (0.14 knows PDF/A and PDF/UA only).
 *
 * Ghostscript runs in the typesetter's child process (./typst-child.ts), which kills it with
 * itself when the caller stops waiting: the conversion's deadline holds for it as for Typst.
 */

/** Where Debian's Ghostscript keeps its ICC profiles (libgs-common), the versioned folder as a fallback. */
const PROFILE_DIRS = ["/usr/share/color/icc/ghostscript"];
const CMYK_PROFILE = "default_cmyk.icc";

function versionedProfileDirs(): string[] {
  const root = "/usr/share/ghostscript";
  if (!existsSync(root)) return [];
  return readdirSync(root).map((version) => path.join(root, version, "iccprofiles"));
}

/** The CMYK profile the output intent embeds (Artifex's SWOP-based default), or undefined without Ghostscript. */
export function cmykProfile(): string | undefined {
  return [...PROFILE_DIRS, ...versionedProfileDirs()].map((dir) => path.join(dir, CMYK_PROFILE)).find((file) => existsSync(file));
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? "").split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

let available: boolean | undefined;
/** Whether this machine can make PDF/X: Ghostscript and its CMYK profile are installed. */
export function pdfxAvailable(): boolean {
  available ??= onPath("gs") && cmykProfile() !== undefined;
  return available;
}

// A PostScript string literal: backslashes and parentheses escaped (a profile's path has neither, but a path is data).
const psString = (text: string) => `(${text.replace(/[\\()]/g, "\\$&")})`;

/**
 * The pdfmarks of Ghostscript's lib/PDFX_def.ps, with the profile filled in: the PDF/X version in
 * the document information, the profile as a stream, and the output intent naming it in the
 * catalog. The condition is not one of the ICC registry's (the profile is Artifex's, SWOP-like),
 * so it is "Custom" and the embedded profile describes it, as PDF/X-3 allows.
 */
export function pdfxDefinition(profile: string): string {
  return [
    "[ /GTS_PDFXVersion (PDF/X-3:2002) /Trapped /False /DOCINFO pdfmark",
    "[ /_objdef {icc_PDFX} /type /stream /OBJ pdfmark",
    "[ {icc_PDFX} << /N 4 >> /PUT pdfmark",
    `[ {icc_PDFX} ${psString(profile)} (r) file /PUT pdfmark`,
    "[ /_objdef {OutputIntent_PDFX} /type /dict /OBJ pdfmark",
    "[ {OutputIntent_PDFX} << /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (Custom) /OutputCondition (CMYK, SWOP-like) " +
      "/Info (Artifex CMYK SWOP Profile, shipped with Ghostscript) /RegistryName (http://www.color.org) /DestOutputProfile {icc_PDFX} >> /PUT pdfmark",
    "[ {Catalog} << /OutputIntents [ {OutputIntent_PDFX} ] >> /PUT pdfmark",
  ].join("\n");
}

/** Ghostscript's arguments: the PDF on stdin, PDF/X on stdout. */
export function pdfxArguments(profile: string): string[] {
  return [
    "-q",
    "-dSAFER",
    `--permit-file-read=${path.dirname(profile)}/`,
    "-dBATCH",
    "-dNOPAUSE",
    "-sDEVICE=pdfwrite",
    "-dPDFX",
    "-sColorConversionStrategy=CMYK",
    "-sProcessColorModel=DeviceCMYK",
    // Every font embedded (as subsets), and images at the resolution they came in.
    "-dEmbedAllFonts=true",
    "-dSubsetFonts=true",
    "-dDownsampleColorImages=false",
    "-dDownsampleGrayImages=false",
    "-dDownsampleMonoImages=false",
    "-sOutputFile=-",
    "-c",
    pdfxDefinition(profile),
    "-f",
    "-",
  ];
}

/**
 * A PDF as PDF/X-3 through Ghostscript. `started` receives the process, so that whoever owns the
 * deadline can kill it (the typesetter's child does, when its caller goes).
 */
export function convertToPdfx(pdf: Uint8Array, started?: (gs: ChildProcess) => void): Promise<Uint8Array> {
  const profile = cmykProfile();
  if (!profile) return Promise.reject(new Error("Ghostscript's CMYK profile is not installed (Debian package ghostscript)"));
  return new Promise((resolve, reject) => {
    const gs = spawn("gs", pdfxArguments(profile), { stdio: ["pipe", "pipe", "pipe"] });
    started?.(gs);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    gs.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    gs.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    gs.stdin.on("error", () => {});
    gs.on("error", reject);
    gs.on("close", (code, signal) => {
      if (code === 0) resolve(new Uint8Array(Buffer.concat(out)));
      else reject(new Error(`Ghostscript stopped (${signal ?? `exit ${code}`}): ${Buffer.concat(err).toString("utf8").slice(0, 500)}`));
    });
    gs.stdin.end(pdf);
  });
}
