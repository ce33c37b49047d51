import fs from "node:fs";

/**
 * How full the data volume is, for the warnings that come before /healthz's 503. The daily backup
 * grows on the same volume as the database, unseen: the owner hears about it from the dashboard
 * and the logs while there is still room, not from a customer whose order failed.
 */
export interface VolumeSpace {
  free: number;
  total: number;
}

export async function volumeSpace(dir: string): Promise<VolumeSpace> {
  const stats = await fs.promises.statfs(dir);
  return { free: stats.bavail * stats.bsize, total: stats.blocks * stats.bsize };
}

const GIB = 1024 * 1024 * 1024;
/** Below this, nothing is warned: /healthz's own margin (16 MB) and the next day's backup need room. */
const FLOOR = 64 * 1024 * 1024;

/**
 * "Low" is a tenth of the volume, capped at 1 GiB (a 200 GB disk is not low with 15 GB free), and
 * never under 64 MB (a tiny test volume would otherwise never be low before it is full).
 */
export function lowSpaceThreshold(total: number): number {
  return Math.max(FLOOR, Math.min(GIB, Math.floor(total / 10)));
}

export const isLowSpace = (space: VolumeSpace) => space.free < lowSpaceThreshold(space.total);
