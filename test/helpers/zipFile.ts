import { crc32, deflateRawSync } from 'node:zlib';

/**
 * One entry of a zip archive; `declaredSize` overrides the unpacked size its headers state, and
 * `hidden` leaves it out of the central directory (lying archives: a reader that trusts the local
 * headers sees other entries than one that trusts the directory).
 */
export interface ZipEntry {
  name: string;
  data: Buffer;
  declaredSize?: number;
  hidden?: boolean;
}

/**
 * A zip archive of deflated entries, written by hand so that a test can make archives no zip
 * library would: ones that unpack to far more than they weigh, or lie about their sizes.
 */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, declaredSize, hidden } of entries) {
    const packed = deflateRawSync(data, { level: 9 });
    const fileName = Buffer.from(name);
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at); // version needed
      header.writeUInt16LE(0, at + 2); // flags
      header.writeUInt16LE(8, at + 4); // deflate
      header.writeUInt32LE(0, at + 6); // time, date
      header.writeUInt32LE(crc32(data), at + 10);
      header.writeUInt32LE(packed.length, at + 14);
      header.writeUInt32LE(declaredSize ?? data.length, at + 18);
      header.writeUInt16LE(fileName.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    fields(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    if (!hidden) centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const listed = entries.filter((entry) => !entry.hidden).length;
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
