import JSZip from 'jszip';
import type { WorkflowExport } from './workflow-state';

/** The report's ZIP, built in the panel from the files the background sent. */
export async function zipFiles(exported: WorkflowExport): Promise<Blob> {
  const zip = new JSZip();
  for (const file of exported.files) zip.file(file.path, file.content);
  return zip.generateAsync({ type: 'blob', compression: 'DEFLATE' });
}
