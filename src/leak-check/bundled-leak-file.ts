// The leak file built by `bun build.ts leak`. A `type: "file"` import gives its path: the real file
// in development, and a `/$bunfs/...` path inside the executable after `bun build --compile`,
// which embeds the bytes. Imported lazily by offline.ts so a missing file only breaks offline mode.
import bundledLeakFile from "../../data/leaked-passwords.bin" with { type: "file" };

export const bundledLeakFilePath: string = bundledLeakFile;
