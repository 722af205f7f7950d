import {
  createThreadEndpoint,
  deleteCommentEndpoint,
  deleteThreadEndpoint,
  editCommentEndpoint,
  getThreadEndpoint,
  listThreadsEndpoint,
  replyEndpoint,
  resolveThreadEndpoint,
} from "../../http/endpoints/comments";
import { router } from "../init";
import { listProcedureOf } from "../list-procedure";
import { procedureOf } from "../procedure-of";

export const commentsRouter = router({
  list: listProcedureOf(listThreadsEndpoint),
  create: procedureOf(createThreadEndpoint),
  get: procedureOf(getThreadEndpoint),
  resolve: procedureOf(resolveThreadEndpoint),
  delete: procedureOf(deleteThreadEndpoint, "deleted"),
  reply: procedureOf(replyEndpoint),
  edit: procedureOf(editCommentEndpoint),
  deleteComment: procedureOf(deleteCommentEndpoint, "deleted"),
});
