"use client";

import { useActionState } from "react";
import { useTranslations } from "use-intl";
import { FormAlert } from "../../../_components/form-alert";
import type { FormState } from "../../../_components/problem";
import { SubmitButton } from "../../../_components/submit-button";
import { acceptInvitationAction } from "./actions";

export function AcceptInvitationForm({ secret }: { secret: string }) {
  const t = useTranslations("auth.invite");
  const [state, action] = useActionState(acceptInvitationAction, {} as FormState);
  return (
    <form action={action} className="stack">
      <FormAlert message={state.message} />
      <input type="hidden" name="secret" value={secret} />
      <SubmitButton pending={t("joining")}>{t("accept")}</SubmitButton>
    </form>
  );
}
