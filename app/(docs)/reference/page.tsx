// /reference — the REST API reference, rendered on the server from the OpenAPI document
import type { Metadata } from "next";
import type { ReactNode } from "react";
import type { oas31 } from "zod-openapi";
import { openApiDocument } from "@/server/http/openapi";
import styles from "./reference.module.css";

export const metadata: Metadata = { title: "API reference" };

// HEAD and OPTIONS are in the document for every path; the page names them once, above.
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

type Schema = oas31.SchemaObject | oas31.ReferenceObject;

interface Entry {
  method: (typeof METHODS)[number];
  path: string;
  op: oas31.OperationObject;
}

function isRef(value: object): value is oas31.ReferenceObject {
  return "$ref" in value;
}

/** `code` spans for the backtick-quoted parts of the document's prose. */
function prose(text: string | undefined): ReactNode {
  return (text ?? "").split("`").map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}

/** A short type label: Book, Book[], "asc" | "desc", integer ≥ 1 … */
function typeOf(schema: Schema | undefined): ReactNode {
  if (!schema) return "—";
  if (isRef(schema)) {
    const name = schema.$ref.split("/").pop()!;
    return <a href={`#schema-${name}`}>{name}</a>;
  }
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.anyOf) return schema.anyOf.map((s, i) => <span key={i}>{i > 0 && " | "}{typeOf(s)}</span>);
  if (schema.type === "array") return <>{typeOf(schema.items)}[]</>;
  if (schema.properties) return `{ ${Object.keys(schema.properties).join(", ")} }`;
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
  const range = schema.minimum !== undefined && schema.type === "integer" ? ` ≥ ${schema.minimum}` : "";
  return type + (schema.format ? ` (${schema.format})` : "") + range;
}

function Parameters({ op }: { op: oas31.OperationObject }) {
  const params = (op.parameters ?? []).filter((p): p is oas31.ParameterObject => !isRef(p));
  if (params.length === 0) return null;
  return (
    <table className={styles.table}>
      <thead>
        <tr><th>parameter</th><th>in</th><th>type</th><th>notes</th></tr>
      </thead>
      <tbody>
        {params.map((p) => {
          const schema = p.schema as oas31.SchemaObject | undefined;
          return (
            <tr key={`${p.in}:${p.name}`}>
              <td><code>{p.name}</code>{p.required && <span className={styles.required}> required</span>}</td>
              <td>{p.in}</td>
              <td>{typeOf(p.schema)}</td>
              <td>
                {prose(p.description)}
                {schema?.default !== undefined && <> (default <code>{JSON.stringify(schema.default)}</code>)</>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Request bodies are named under components.requestBodies; their schemas are listed with the others. */
function requestBodies(doc: oas31.OpenAPIObject): [string, oas31.RequestBodyObject][] {
  return Object.entries(doc.components?.requestBodies ?? {}).filter((entry): entry is [string, oas31.RequestBodyObject] => !isRef(entry[1]));
}

function Body({ op, doc }: { op: oas31.OperationObject; doc: oas31.OpenAPIObject }) {
  if (!op.requestBody) return null;
  const name = isRef(op.requestBody) ? op.requestBody.$ref.split("/").pop()! : null;
  const body = name ? (doc.components?.requestBodies?.[name] as oas31.RequestBodyObject | undefined) : (op.requestBody as oas31.RequestBodyObject);
  if (!body) return null;
  return (
    <p>
      <strong>Body</strong>: {Object.keys(body.content).map((type, i) => (
        <span key={type}>{i > 0 && ", "}<code>{type}</code></span>
      ))}{" "}
      {name ? <a href={`#schema-${name}`}>{name}</a> : typeOf(Object.values(body.content)[0]?.schema)}. {prose(body.description)}
    </p>
  );
}

function Responses({ op }: { op: oas31.OperationObject }) {
  return (
    <ul className={styles.responses}>
      {Object.entries(op.responses as Record<string, oas31.ResponseObject>).map(([status, response]) => {
        const data = (response.content?.["application/json"]?.schema as oas31.SchemaObject | undefined)?.properties?.data;
        return (
          <li key={status}>
            <span className={Number(status) < 400 ? styles.ok : styles.fail}>{status}</span> {prose(response.description)}
            {data && <> — <code>data</code>: {typeOf(data)}</>}
            {response.headers && <span className={styles.muted}> · headers: {Object.keys(response.headers).join(", ")}</span>}
          </li>
        );
      })}
    </ul>
  );
}

function Operation({ method, path, op, doc }: Entry & { doc: oas31.OpenAPIObject }) {
  const scope = op["x-required-scope"] as string | null;
  const auth = op["x-auth"] as string;
  return (
    <article className={styles.operation} id={op.operationId}>
      <h3>
        <span className={`${styles.method} ${styles[method]}`}>{method.toUpperCase()}</span> <code>{path}</code>
      </h3>
      <p>{prose(op.summary)}</p>
      <p className={styles.muted}>
        {auth === "none" ? "No credential" : auth === "optional" ? "Credential optional" : "Signed in"}
        {scope ? <> · scope <code>{scope}</code></> : auth === "required" && " · no scope needed"}
      </p>
      <Parameters op={op} />
      <Body op={op} doc={doc} />
      <Responses op={op} />
    </article>
  );
}

function SchemaTable({ name, schema }: { name: string; schema: oas31.SchemaObject }) {
  const required = new Set(schema.required ?? []);
  return (
    <section id={`schema-${name}`} className={styles.operation}>
      <h3>{name}</h3>
      <table className={styles.table}>
        <tbody>
          {Object.entries(schema.properties ?? {}).map(([prop, value]) => (
            <tr key={prop}>
              <td><code>{prop}</code>{required.has(prop) && <span className={styles.required}> required</span>}</td>
              <td>{typeOf(value)}</td>
              <td>{!isRef(value) && prose(value.description)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export default function ReferencePage() {
  const doc = openApiDocument();
  const entries: Entry[] = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ method, path, op: item[method] }] : [])),
  );
  const tags = doc.tags ?? [];
  // For developers, in the API's own language (decision 0509): the OpenAPI document is English, like
  // the API's messages; lang tells a screen reader on a Chinese interface to read it as English.
  return (
    <main className={styles.page} lang="en">
      <h1>{doc.info.title}</h1>
      <p>{prose(doc.info.description)}</p>
      <p>
        Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI {doc.openapi}).
        Credentials: <code>Authorization: Bearer &lt;token&gt;</code>, or the browser session. Every path also
        answers <code>OPTIONS</code> (its <code>Allow</code> header, and the attributes you may change), and every
        GET path answers <code>HEAD</code> (the same status and headers, no body).
      </p>
      <nav className={styles.toc}>
        {tags.map((tag) => <a key={tag.name} href={`#tag-${tag.name}`}>{tag.name}</a>)}
        <a href="#schemas">schemas</a>
      </nav>
      {tags.map((tag) => (
        <section key={tag.name} id={`tag-${tag.name}`}>
          <h2>{tag.name}</h2>
          <p className={styles.muted}>{prose(tag.description)}</p>
          {entries.filter((e) => e.op.tags?.includes(tag.name)).map((e) => <Operation key={`${e.method} ${e.path}`} {...e} doc={doc} />)}
        </section>
      ))}
      <section id="schemas">
        <h2>schemas</h2>
        {Object.entries(doc.components?.schemas ?? {}).map(([name, schema]) => (
          <SchemaTable key={name} name={name} schema={schema as oas31.SchemaObject} />
        ))}
        {requestBodies(doc).map(([name, body]) => (
          <SchemaTable key={name} name={name} schema={Object.values(body.content)[0]!.schema as oas31.SchemaObject} />
        ))}
      </section>
    </main>
  );
}
