/** A file's size as a person reads it: 12 KB, 3.4 MB (an attachment, an archive file). */
export const fileSizeText = (bytes: number): string => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB`
  : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
