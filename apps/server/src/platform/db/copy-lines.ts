// PostgreSQL's binary COPY of a select of one text column, read as lines: each row's text as it is, then CRLF. The
// binary format carries each value with its length and never escapes it (the text format writes a backslash as two),
// so the bytes that leave are the bytes the database made, whatever they hold.
//
// The format (PostgreSQL's documentation, COPY, "Binary Format"): an 11-byte signature, a 32-bit flags word and a
// 32-bit header extension length (and that many bytes); then each row as a 16-bit field count, and for each field
// a 32-bit length (-1 for null) and that many bytes; then a field count of -1 as the trailer. Integers are big-endian.
//
// The lines are written over the chunk they came in (a row's 6 bytes of framing make room for its 2 of line end), so
// a copy of any size allocates nothing of its own per chunk: what the process holds for the garbage collector is the
// socket's reads and pg-copy-streams' joining of their messages.

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** The signature, the flags and the extension's length. */
const HEADER_BYTES = SIGNATURE.length + 8;
/** A row's field count and its one field's length. */
const FRAME_BYTES = 6;
const CRLF = Buffer.from('\r\n');

/** Thrown when the bytes are not a binary COPY of one text column: nothing past them is sent. */
export class CopyFormatError extends Error {}

/**
 * Turns the chunks of a binary COPY, cut anywhere, into the lines they carry, as they come: a row cut by a chunk's
 * end goes on in the next. `rows` counts the lines begun so far; `ended` says the trailer came.
 */
export class CopyLines {
  rows = 0;
  ended = false;
  /** The header or a row's framing as far as it has come (either may be cut by a chunk's end). */
  private readonly scratch = Buffer.alloc(HEADER_BYTES);
  private scratchFill = 0;
  private headerRead = false;
  /** Bytes of the header's extension still to skip. */
  private skip = 0;
  /** Bytes of the current row's text still to come. */
  private dataLeft = 0;

  /**
   * The lines in the chunk (its text so far, each line's CRLF once the next row or the trailer shows it ended), as
   * slices of the chunk itself: push owns the chunk and writes over it.
   */
  push(chunk: Buffer): Buffer[] {
    let read = 0;
    let written = 0;
    let crlfFirst = false;
    /** A line ended: its CRLF goes where the framing already read was, or first if the chunk has no room yet. */
    const endLine = () => {
      if (read - written >= CRLF.length) {
        written += CRLF.copy(chunk, written);
      } else if (written === 0 && !crlfFirst) {
        // Only framing begun in the chunk before can leave no room, and then nothing of this chunk is written yet.
        crlfFirst = true;
      } else {
        throw new CopyFormatError('no room for a line end');
      }
    };
    while (read < chunk.length) {
      if (this.ended) throw new CopyFormatError('bytes after the trailer');
      if (this.dataLeft > 0) {
        const take = Math.min(this.dataLeft, chunk.length - read);
        if (written !== read) chunk.copy(chunk, written, read, read + take);
        written += take;
        read += take;
        this.dataLeft -= take;
        continue;
      }
      if (this.skip > 0) {
        const take = Math.min(this.skip, chunk.length - read);
        read += take;
        this.skip -= take;
        continue;
      }
      if (!this.headerRead) {
        read += this.fill(chunk, read, HEADER_BYTES);
        if (this.scratchFill < HEADER_BYTES) continue;
        if (!this.scratch.subarray(0, SIGNATURE.length).equals(SIGNATURE))
          throw new CopyFormatError('no COPY signature');
        this.skip = this.scratch.readUInt32BE(SIGNATURE.length + 4);
        this.headerRead = true;
        this.scratchFill = 0;
        continue;
      }
      // A row's framing: its field count first (-1, two bytes, is the trailer), then its field's length.
      read += this.fill(chunk, read, this.scratchFill < 2 ? 2 : FRAME_BYTES);
      if (this.scratchFill < 2) continue;
      const fields = this.scratch.readInt16BE(0);
      if (fields === -1) {
        this.ended = true;
        this.scratchFill = 0;
        if (this.rows > 0) endLine();
        continue;
      }
      if (fields !== 1) throw new CopyFormatError(`a row of ${fields} fields`);
      if (this.scratchFill < FRAME_BYTES) continue;
      const length = this.scratch.readInt32BE(2);
      if (length < 0) throw new CopyFormatError('a null line');
      this.scratchFill = 0;
      if (this.rows > 0) endLine();
      this.rows += 1;
      this.dataLeft = length;
    }
    const lines = chunk.subarray(0, written);
    if (crlfFirst) return written > 0 ? [CRLF, lines] : [CRLF];
    return written > 0 ? [lines] : [];
  }

  /** Checks that the copy ended with its trailer. */
  end(): void {
    if (!this.ended) throw new CopyFormatError('the copy ended before its trailer');
  }

  /** Copies into the scratch what the chunk has of the first `upTo` bytes; answers how many it took. */
  private fill(chunk: Buffer, at: number, upTo: number): number {
    const take = Math.min(upTo - this.scratchFill, chunk.length - at);
    chunk.copy(this.scratch, this.scratchFill, at, at + take);
    this.scratchFill += take;
    return take;
  }
}
