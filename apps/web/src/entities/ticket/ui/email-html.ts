import DOMPurify from 'dompurify';

/** An email's HTML made safe to show: no script, no styles, no remote loads unless asked; quotes apart. */
export interface SafeEmailHtml {
  /** The message itself. */
  main: string;
  /** Quoted history and signatures, folded away behind a toggle. */
  quoted: string;
  /** Remote images were held back. */
  blockedImages: number;
}

const REMOTE = /^\s*(https?:)?\/\//i;
/** Where mail clients put the quoted history and the signature. */
const FOLDED = 'blockquote, .gmail_quote, .gmail_signature, #divRplyFwdMsg, .moz-cite-prefix, #appendonsend';

/**
 * Sanitises an email's HTML with DOMPurify (no script, iframe, form, style element or attribute, no event
 * handler), holds back remote images until the agent asks (`showImages`: their `src` is kept aside), opens
 * links in a new tab, and moves the quoted history and signatures out of the main part.
 */
export function safeEmailHtml(html: string, showImages: boolean): SafeEmailHtml {
  let blockedImages = 0;
  const hook = (node: Element) => {
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      if (REMOTE.test(src) && !showImages) {
        node.removeAttribute('src');
        node.setAttribute('data-blocked', 'remote');
        blockedImages++;
      } else if (src && !REMOTE.test(src) && !src.startsWith('data:image/')) node.removeAttribute('src');
      node.removeAttribute('srcset');
    }
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  };
  DOMPurify.addHook('afterSanitizeAttributes', hook);
  let doc: DocumentFragment;
  try {
    doc = DOMPurify.sanitize(html, {
      RETURN_DOM_FRAGMENT: true,
      FORBID_TAGS: [
        'style',
        'link',
        'meta',
        'base',
        'form',
        'input',
        'button',
        'iframe',
        'object',
        'embed',
        'video',
        'audio',
        'source',
      ],
      FORBID_ATTR: ['style', 'background', 'poster'],
    });
  } finally {
    DOMPurify.removeHook('afterSanitizeAttributes');
  }
  const quoted = document.createElement('div');
  for (const node of Array.from(doc.querySelectorAll(FOLDED))) {
    if (node.parentElement?.closest(FOLDED)) continue;
    quoted.appendChild(node);
  }
  const main = document.createElement('div');
  main.appendChild(doc);
  return { main: main.innerHTML, quoted: quoted.innerHTML, blockedImages };
}

const QUOTE_HEADER = /^(On .+ wrote:|Pada .+ menulis:|-{2,}\s*Original Message\s*-{2,}|From: .+)$/i;

/** A plain-text email split into what the sender wrote and the quoted history / signature below it. */
export function foldEmailText(text: string): { main: string; quoted: string } {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const at = lines.findIndex((line, i) => {
    const trimmed = line.trim();
    if (line === '-- ' || trimmed === '--') return true;
    if (QUOTE_HEADER.test(trimmed)) return true;
    return (
      trimmed.startsWith('>') && lines.slice(i).every((l) => l.trim() === '' || l.trim().startsWith('>'))
    );
  });
  if (at <= 0) return { main: text.trim(), quoted: '' };
  return { main: lines.slice(0, at).join('\n').trim(), quoted: lines.slice(at).join('\n').trim() };
}
