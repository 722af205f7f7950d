import {
  compareSnapshotEndpoint,
  createSnapshotEndpoint,
  deleteSnapshotEndpoint,
  getSnapshotChapterEndpoint,
  getSnapshotEndpoint,
  listSnapshotsEndpoint,
  restoreFromSnapshotEndpoint,
} from "../../http/endpoints/snapshots";
import { router } from "../init";
import { procedureOf } from "../procedure-of";

export const snapshotsRouter = router({
  list: procedureOf(listSnapshotsEndpoint),
  create: procedureOf(createSnapshotEndpoint),
  get: procedureOf(getSnapshotEndpoint),
  chapter: procedureOf(getSnapshotChapterEndpoint),
  compare: procedureOf(compareSnapshotEndpoint),
  restore: procedureOf(restoreFromSnapshotEndpoint),
  delete: procedureOf(deleteSnapshotEndpoint, "deleted"),
});
