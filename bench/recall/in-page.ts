// Bundled (IIFE) by the recall benchmark and evaluated in each page: what the product's full
// snapshot lists there, as role and label.
import { lastListing } from '../../content/snapshot/registry';
import { takeSnapshot } from '../../content/snapshot/take-snapshot';

(window as unknown as { __listed: () => { role: string; label: string }[] }).__listed = () => {
  takeSnapshot(document);
  return (lastListing()?.listed ?? []).map(({ role, label }) => ({ role, label }));
};
