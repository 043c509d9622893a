import type { WorkflowExport } from './workflow-state';

/**
 * The report's ZIP, built in the panel from the files the background sent. JSZip is a chunk of
 * its own, loaded the first time a person exports: most never do.
 */
export async function zipFiles(exported: WorkflowExport): Promise<Blob> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  for (const file of exported.files) zip.file(file.path, file.content);
  return zip.generateAsync({ type: 'blob', compression: 'DEFLATE' });
}
