// Wrong uses of tablegames/client; tsc --strict must refuse each marked
// line with the marked code, and no other line.
import { createMaster, createClient } from 'tablegames/client';

const master = createMaster('witches_dnace'); // TS2345
const other = createMaster('bewitched', { undo: 'sometimes' }); // TS2322
createMaster('bewitched', { rerolls: true }); // TS2322
createMaster('bewitched', { gameOptions: { playres: 3 } }); // TS2561
createMaster('bewitched', { bots: { 1: 'genius' } }); // TS2322
const client = other.connect('public'); // TS2345
client.move([1]); // TS2345
const version: string = client.getView()!.version; // TS2322
client.seat = 1; // TS2540
createClient({ send() {} }); // TS2345
console.log(master, version);
