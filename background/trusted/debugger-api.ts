/** The debugger API exists only once the optional permission is granted (and never in Firefox). */
export const debuggerApi = (): typeof chrome.debugger | undefined =>
  typeof chrome === 'undefined' ? undefined : (chrome as Partial<typeof chrome>).debugger;
