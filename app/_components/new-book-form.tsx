"use client";

import { useRouter } from "next/navigation";
import { useRef, type FormEvent } from "react";
import { Field } from "./field";
import { problemsByField } from "./field-problems";
import { FormAlert } from "./form-alert";
import { trpc } from "../_trpc/client";

/** Creates a book through tRPC's books.create, then refreshes the server-rendered list. */
export function NewBookForm() {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const create = trpc.books.create.useMutation({
    onSuccess: () => {
      formRef.current?.reset();
      router.refresh();
    },
  });
  const fields = problemsByField(create.error?.data?.details);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (key: string) => String(form.get(key) ?? "");
    create.mutate({ title: value("title"), type: value("type").trim() || "novel", description: value("description") });
  }

  return (
    <form ref={formRef} onSubmit={submit} className="stack" noValidate>
      <FormAlert message={create.error?.message} />
      <Field name="title" label="Title" required error={fields.title} />
      <Field name="type" label="Genre" placeholder="novel" hint="Novel, fantasy, memoir…" error={fields.type} />
      <Field name="description" label="Description" multiline error={fields.description} />
      <button type="submit" className="button" disabled={create.isPending} aria-busy={create.isPending || undefined}>
        {create.isPending ? "Creating…" : "Create book"}
      </button>
      {create.isSuccess && (
        <p role="status" className="muted">
          “{create.data.title}” is on your list.
        </p>
      )}
    </form>
  );
}
