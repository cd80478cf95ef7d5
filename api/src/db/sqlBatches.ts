/**
 * SQL text fed in pieces, given back in batches of whole statements of about `size` characters:
 * the embedded database runs a batch at a time, where one `exec` of a whole dump runs it out of
 * memory. A statement ends at a semicolon outside quotes and comments, read as PostgreSQL's lexer
 * reads them: 'strings' ('' inside), E'strings' (\' too), "identifiers", $tag$ bodies $tag$,
 * -- comments to the end of the line and nested block comments.
 *
 * (dbgate-query-splitter, the maintained splitter, read a `$$` inside a string as a dollar quote
 * and so took a whole dump for one statement, at some 2 MB a second.)
 */
/** Inside a quoted text, what may end it ('' and "" are the quote itself; in E'…' \\' too). Reused, from lastIndex. */
const STRING = /''|'/g;
const IDENTIFIER = /""|"/g;
const E_STRING = /\\[\s\S]|''|'/g;

export class SqlBatches {
  /** Statements read whole, not yet given back. */
  private whole: string[] = [];
  private wholeChars = 0;
  /**
   * The text after the last statement end. Only this is added to and searched: a string grown by
   * each piece is copied whole when searched, and a batch's text so took a restore's time squared
   * (10.7 of the 11.5 s it took to cut the demo company's 48 MB dump in 64 kB pieces).
   */
  private text = '';
  /** Where reading goes on in `text`: every statement end before it is known. */
  private pos = 0;

  constructor(private readonly size: number) {}

  /** Adds a piece of text; answers the statements read whole, once they make `size` characters. */
  push(piece: string): string | undefined {
    this.text += piece;
    const end = this.read();
    if (end > 0) {
      this.whole.push(this.text.slice(0, end));
      this.wholeChars += end;
      this.text = this.text.slice(end);
      this.pos -= end;
    }
    if (this.wholeChars < this.size) return undefined;
    return this.takeWhole();
  }

  /** The text left at the end (statements not yet given back, and what follows the last one). */
  end(): string {
    const rest = this.takeWhole() + this.text;
    this.text = '';
    this.pos = 0;
    return rest;
  }

  private takeWhole(): string {
    const batch = this.whole.join('');
    this.whole = [];
    this.wholeChars = 0;
    return batch;
  }

  /**
   * Reads on to the end of the text, or up to a quote or comment whose end has not arrived yet;
   * answers just after the last statement end found, or 0.
   */
  private read(): number {
    const text = this.text;
    let lastEnd = 0;
    const next = /[;'"$]|--|\/\*/g;
    next.lastIndex = this.pos;
    let reached = this.pos;
    for (let found = next.exec(text); found; found = next.exec(text)) {
      const at = found.index;
      const after = this.skip(found[0], at);
      if (after === undefined) {
        this.pos = at;
        return lastEnd;
      }
      if (found[0] === ';') lastEnd = after;
      next.lastIndex = reached = after;
    }
    // A last - or / may open a comment with the next piece's first character.
    this.pos = reached < text.length && '-/'.includes(text[text.length - 1]) ? text.length - 1 : text.length;
    return lastEnd;
  }

  /** Just after the token that starts at `at`, or undefined while its end is still to come. */
  private skip(token: string, at: number): number | undefined {
    const text = this.text;
    switch (token) {
      case ';':
        return at + 1;
      case '--': {
        const eol = text.indexOf('\n', at + 2);
        return eol < 0 ? undefined : eol + 1;
      }
      case '/*':
        return this.blockCommentEnd(at);
      case '$': {
        // A dollar inside a word ($1 of a parameter, a$b) opens nothing.
        if (at > 0 && /[\w$]/.test(text[at - 1])) return at + 1;
        const tag = /\$(?:[A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*)?\$/y;
        tag.lastIndex = at;
        const opening = tag.exec(text);
        if (!opening) return text.length - at > 64 ? at + 1 : undefined;
        const close = text.indexOf(opening[0], at + opening[0].length);
        return close < 0 ? undefined : close + opening[0].length;
      }
      default: {
        // 'string' or "identifier", its quote doubled inside; after a lone E, a backslash escapes too.
        const escapes = token === "'" && at > 0 && /[Ee]/.test(text[at - 1]) && (at < 2 || !/[\w$]/.test(text[at - 2]));
        const inside = escapes ? E_STRING : token === "'" ? STRING : IDENTIFIER;
        inside.lastIndex = at + 1;
        for (let found = inside.exec(text); found; found = inside.exec(text)) {
          if (found[0] !== token) continue;
          // A quote at the very end may be the first of a doubled one.
          return found.index === text.length - 1 ? undefined : found.index + 1;
        }
        return undefined;
      }
    }
  }

  private blockCommentEnd(at: number): number | undefined {
    const marks = /\/\*|\*\//g;
    marks.lastIndex = at + 2;
    let depth = 1;
    for (let found = marks.exec(this.text); found; found = marks.exec(this.text)) {
      depth += found[0] === '/*' ? 1 : -1;
      if (depth === 0) return found.index + 2;
    }
    return undefined;
  }
}
