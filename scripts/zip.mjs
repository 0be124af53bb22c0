// A zip of a folder, as extension stores take it: every file deflated,
// sorted by path, with one fixed timestamp so that the same files give the
// same bytes. Node's zlib does the compression; nothing else is needed.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';

/** Paths of the files under `dir`, relative and with forward slashes, sorted. */
function filesOf(dir, root = dir) {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesOf(path, root) : [relative(root, path).split(sep).join('/')];
    })
    .sort();
}

// 1980-01-01 00:00, the earliest time a zip can hold.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/** Writes `dir`'s files into the zip `file`; returns how many. */
export function zipFolder(dir, file) {
  const locals = [];
  const central = [];
  let offset = 0;
  const paths = filesOf(dir);
  for (const path of paths) {
    const data = readFileSync(join(dir, path));
    const packed = deflateRawSync(data, { level: 9 });
    const name = Buffer.from(path);
    const crc = crc32(data) >>> 0;
    // The fields a local header and its central directory entry share, from `at` on.
    const shared = (header, at) => {
      header.writeUInt16LE(0x0800, at); // names are UTF-8
      header.writeUInt16LE(8, at + 2); // deflate
      header.writeUInt16LE(DOS_TIME, at + 4);
      header.writeUInt16LE(DOS_DATE, at + 6);
      header.writeUInt32LE(crc, at + 8);
      header.writeUInt32LE(packed.length, at + 12);
      header.writeUInt32LE(data.length, at + 16);
      header.writeUInt16LE(name.length, at + 20);
      return header;
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: deflate
    locals.push(shared(local, 6), name, packed);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4); // made by
    entry.writeUInt16LE(20, 6); // version needed
    shared(entry, 8);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(paths.length, 8);
  end.writeUInt16LE(paths.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  writeFileSync(file, Buffer.concat([...locals, directory, end]));
  return paths.length;
}
