/**
 * The announcement bar above the header (store configuration `storefrontAnnouncement`).
 * @module
 */
import { useStoreConfig } from '../../hooks/context.ts';

/**
 * Shows the store's announcement, or nothing when it is blank (an empty strip looks broken).
 * @example <AnnouncementBar />
 */
export function AnnouncementBar() {
  const text = useStoreConfig().storefrontAnnouncement.trim();
  if (!text) return null;
  return <div className="announcement-bar" role="region" aria-label="Announcement"><p>{text}</p></div>;
}
