"use client";

import { useState, type ChangeEvent } from "react";
import { useTranslations } from "use-intl";
import { useProblems } from "@/app/_components/use-problems";

/**
 * A file input's picture, PUT to `path` as a multipart `file` (the server sniffs its bytes and
 * refuses what it does not take, or what is over its limit). `onSaved` gets the record the server
 * answers with; a refusal is the page's sentence and the server's.
 */
export function usePictureUpload<T>(path: string, onSaved: (saved: T) => void) {
  const [problem, setProblem] = useState<string>();
  const t = useTranslations("books.cover");
  const { describeAnswer } = useProblems();
  const [sending, setSending] = useState(false);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setProblem(undefined);
    setSending(true);
    const form = new FormData();
    form.set("file", file, file.name);
    try {
      const response = await fetch(path, { method: "PUT", body: form, headers: { accept: "application/json" } });
      const body = (await response.json().catch(() => null)) as { data?: T } | null;
      if (response.ok && body?.data) onSaved(body.data);
      else setProblem(describeAnswer(response.status, body, { withDetail: "all" }).message);
    } catch {
      setProblem(t("notSent"));
    } finally {
      setSending(false);
    }
  }

  return { problem, sending, onChange: (event: ChangeEvent<HTMLInputElement>) => void upload(event) };
}
