export function manyGroups(kb: number): string;
export function joinedLines(kb: number): string;
export function publisher(kb: number): string;
export function fixDense(kb: number): string;
