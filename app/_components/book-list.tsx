import type { BookDto } from "@/server/books/schemas";
import { formatDateTime, formatNumber } from "./format";

function WordCount({ book }: { book: BookDto }) {
  if (book.targetWordCount === null) return <>{formatNumber(book.wordCount)}</>;
  const percent = Math.min(100, Math.round((book.wordCount / book.targetWordCount) * 100));
  return (
    <>
      {formatNumber(book.wordCount)} <span className="muted">/ {formatNumber(book.targetWordCount)}</span>
      <span className="progress" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </span>
    </>
  );
}

/** The writer's books, most recently changed first. */
export function BookList({ books, total }: { books: BookDto[]; total: number }) {
  if (books.length === 0) {
    return (
      <div className="empty">
        <p className="empty-title">No books yet.</p>
        <p className="muted">Start one with the form alongside: a title is all it needs.</p>
      </div>
    );
  }
  return (
    <>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Genre</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Words / target
            </th>
            <th scope="col">Updated</th>
          </tr>
        </thead>
        <tbody>
          {books.map((book) => (
            <tr key={book.id}>
              <th scope="row" className="book-title">
                {book.title}
                {book.description && <span className="book-description">{book.description}</span>}
              </th>
              <td>{book.type}</td>
              <td>
                <span className={`status status-${book.status}`}>{book.status}</span>
              </td>
              <td className="num">
                <WordCount book={book} />
              </td>
              <td>
                <time dateTime={book.updatedAt}>{formatDateTime(book.updatedAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > books.length && (
        <p className="muted">
          Showing the {books.length} most recently changed of {total} books.
        </p>
      )}
    </>
  );
}
