/** README.txt at the top of every account archive: what each file is. */
export const ARCHIVE_README = `Your Inkstone account archive
=============================

Everything your account owns, as it was when the archive was made: JSON for the data, and files
for the words and pictures. Times are UTC (ISO 8601); ids are the ones the API uses.

README.txt      this file
account.json    your profile (e-mail, name, role, time zone, goal settings, when you joined);
                the list of your books and the folder of each; your series with their series-wide
                story-bible entries; the books of other writers you are a member of (title and
                your role only: their words are theirs, and are not in this archive); your writing
                ledger (words written, removed, imported and restored per day and book); your API
                tokens (names, scopes and times: never a token itself or its hash); your webhooks
                (address and events: never their signing secret); and the analysis templates you
                wrote.

books/NN-Title/                 one folder per book you own, oldest first. A book in the trash
                                is here too, marked "deleted": true in book.json.
  book.json                     the book's attributes, its goal and plan, its release plan, its
                                members, and its chapters (id, title, order, word count, release
                                dates, and the file of each).
  chapters/NN-Title.md          each chapter's text exactly as stored (Markdown), in the book's
                                order. chapters/trash/ holds the chapters in the book's trash.
  Title.epub                    the book as an e-book, as Export writes it (with the cover).
  revisions.json                every kept revision of every chapter: its version, time, word
                                count, kind (save, restore, upload …) and full text.
  bible.json                    the story bible: the entries the book sees (its own, and its
                                series' marked "scope": "series"), and the relations between them.
                                An entry's "pictureFile" names its picture in this archive.
  bible/NN-Name.ext             the pictures of the book's own entries.
  plan.json                     the book's structure and plan: its parts (卷) and which chapter
                                stands in which; its scenes (title, place in the chapter, and the
                                stretch of the chapter's text each is, as character offsets into
                                its .md file); its plotlines and labels; and every plan of a part,
                                chapter or scene (synopsis, status, POV, characters, labels,
                                plotlines, target, story date), keyed "part:<id>", "chapter:<id>"
                                or "scene:<id>".
  foreshadowing.json            the foreshadowing board: each setup, its payoff or pay-off-by
                                chapter, and its status (open, overdue, paid off, dropped).
  cover.ext                     the book's cover, when it has one.

series/NN-Title/bible/NN-Name.ext
                                the pictures of a series' entries (the entries are in
                                account.json and in the bible.json of each of its books).
`;
