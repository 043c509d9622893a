/**
 * The HTML elements that can never carry a shadow root. The DOM lets only custom elements and
 * article, aside, blockquote, body, div, footer, h1–h6, header, main, nav, p, section and span
 * host one (attachShadow and declarative shadow roots alike). A custom element's name has a
 * hyphen and is in no list, so what MAY_HOST leaves out is exactly these tags; an unknown tag
 * stays in (a read too many, never a root missed).
 */
const NEVER_HOSTS =
  'a,abbr,address,area,audio,b,base,bdi,bdo,br,button,canvas,caption,cite,code,col,colgroup,data,' +
  'datalist,dd,del,details,dfn,dialog,dl,dt,em,embed,fieldset,figcaption,figure,form,head,hr,html,i,' +
  'iframe,img,input,ins,kbd,label,legend,li,link,map,mark,menu,meta,meter,noscript,object,ol,optgroup,' +
  'option,output,picture,pre,progress,q,rp,rt,ruby,s,samp,script,search,select,slot,small,source,' +
  'strong,style,sub,summary,sup,table,tbody,td,template,textarea,tfoot,th,thead,time,title,tr,track,' +
  'u,ul,var,video,wbr';

/**
 * Elements whose `shadowRoot` the walk reads, found by one native query per scope: in a Firefox
 * content script each read crosses a wrapper, and on most pages the tags above are the larger
 * part. SVG content cannot host a shadow root either, except HTML inside a foreignObject.
 */
export const MAY_HOST = `:not(${NEVER_HOSTS},svg,svg *),foreignObject *`;
