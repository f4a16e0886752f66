// The part of the npm package uqr (copied here by scripts/postbuild.mjs) that the play page uses.
export function encode(
  data: string,
  options?: { ecc?: 'L' | 'M' | 'Q' | 'H'; border?: number },
): { size: number; data: boolean[][] };
