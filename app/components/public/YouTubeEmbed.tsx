// The article's video: youtube-nocookie, lazily loaded, only for a valid 11-character id.
import { youtubeEmbedUrl } from './format.ts';

export function YouTubeEmbed({ videoId, title }: { videoId: string | null; title: string }) {
  const src = youtubeEmbedUrl(videoId);
  if (!src) return null;
  return (
    <div className="video-embed">
      <iframe
        src={src}
        title={`YouTube video: ${title}`}
        loading="lazy"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
      />
    </div>
  );
}
