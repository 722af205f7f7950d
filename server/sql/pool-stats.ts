/** How the process's connections stand, for the metrics (docs/operations.md#monitoring). */
export interface PoolStats {
  /** connections the pool may open (SQLite: its one) */
  max: number;
  /** connections open now */
  open: number;
  /** of those, running a statement or a transaction */
  inUse: number;
  /** queries waiting for a connection */
  waiting: number;
}
