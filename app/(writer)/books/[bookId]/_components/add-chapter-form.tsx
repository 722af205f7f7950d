"use client";

import { useRouter } from "next/navigation";
import { useRef, type FormEvent } from "react";
import { Field } from "../../../../_components/field";
import { FormAlert } from "../../../../_components/form-alert";
import { describeProblem } from "../../../../_components/problem";
import { trpc } from "../../../../_trpc/client";
import styles from "../book.module.css";

/** A new, empty chapter at the end of the book. Without a title it is called "Chapter N", as the API does. */
export function AddChapterForm({ bookId, nextPlace }: { bookId: string; nextPlace: number }) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const upload = trpc.chapters.upload.useMutation({
    onSuccess: () => {
      formRef.current?.reset();
      router.refresh();
    },
  });
  const problem = describeProblem(upload.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const title = String(new FormData(event.currentTarget).get("title") ?? "");
    upload.mutate({ bookId, content: "", ...(title.trim() ? { title } : {}) });
  }

  return (
    <form ref={formRef} onSubmit={submit} className={styles.addChapter} noValidate aria-labelledby="add-chapter-heading">
      <h3 id="add-chapter-heading" className="visually-hidden">
        Add a chapter
      </h3>
      {problem && !problem.fields.title && <FormAlert message={problem.message} />}
      <div className={styles.addRow}>
        <Field name="title" label="New chapter" placeholder={`Chapter ${nextPlace}`} autoComplete="off" error={problem?.fields.title} />
        <button type="submit" className="button" disabled={upload.isPending} aria-busy={upload.isPending || undefined}>
          {upload.isPending ? "Adding…" : "Add chapter"}
        </button>
      </div>
      {upload.isSuccess && (
        <p role="status" className="muted">
          Added “{upload.data.title}”.
        </p>
      )}
    </form>
  );
}
