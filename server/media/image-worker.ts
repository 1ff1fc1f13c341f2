// The image child process (started by ./images.ts): re-encodes uploads with libvips, whose memory
// goes back to the system when this process exits after an idle spell.
import { serveParent } from '../idle-child.ts';
import { encodeImage, type EncodeRequest } from './encode.ts';

serveParent((request: EncodeRequest) => encodeImage(request));
