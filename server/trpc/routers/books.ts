import { z } from "zod";
import { deleteBookCover } from "../../books/cover";
import { bookIdParams, bookSchema } from "../../books/schemas";
import { createBookEndpoint, deleteBookEndpoint, getBookEndpoint, listBooksEndpoint, patchBookEndpoint } from "../../http/endpoints/books";
import { operationProcedure, router } from "../init";
import { listProcedureOf } from "../list-procedure";
import { procedureOf } from "../procedure-of";

// Derived from REST's declarations (decision 0463) but deleteCover (REST answers 204, tRPC the
// book). Fields are named as REST's path parameters name them, with their rules: `bookId`.
const bookRef = bookIdParams.shape;

export const booksRouter = router({
  /** Books as REST lists them (the caller's; every writer's for an admin-scoped credential), most
   *  recently changed first, with REST's paging, sorting and filters. */
  list: listProcedureOf(listBooksEndpoint),
  get: procedureOf(getBookEndpoint),
  create: procedureOf(createBookEndpoint),
  update: procedureOf(patchBookEndpoint),
  delete: procedureOf(deleteBookEndpoint, "deleted"),
  /** Setting a cover is REST's (PUT …/cover, a multipart file); removing it is both's. */
  deleteCover: operationProcedure("books.deleteCover")
    .input(z.strictObject(bookRef))
    .output(bookSchema)
    .mutation(({ input, ctx }) => deleteBookCover(input, ctx.principal)),
});
