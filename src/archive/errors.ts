// The one error an archive's content raises: where it is and what is wrong,
// in a sentence (the command line prints it as its one stderr line).

export class ArchiveError extends Error {
  override name = 'ArchiveError';
  /** The file (and line or record) the problem is in. */
  readonly where: string;
  constructor(where: string, problem: string) {
    super(`${where}: ${problem}`);
    this.where = where;
  }
}
