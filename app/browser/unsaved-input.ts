/**
 * Whether a form on the page holds input the user has not sent: a field whose value differs from
 * the one the page came with. The version check never reloads such a page (ADR 011).
 */
export function hasUnsavedInput(root: ParentNode = document): boolean {
  for (const form of Array.from(root.querySelectorAll('form'))) {
    for (const element of Array.from(form.elements)) {
      if (element instanceof HTMLInputElement) {
        if (['hidden', 'submit', 'button', 'reset', 'image'].includes(element.type)) continue
        if (element.type === 'checkbox' || element.type === 'radio') {
          if (element.checked !== element.defaultChecked) return true
        } else if (element.type === 'file' ? element.files?.length : element.value !== element.defaultValue) return true
      } else if (element instanceof HTMLTextAreaElement) {
        if (element.value !== element.defaultValue) return true
      } else if (element instanceof HTMLSelectElement) {
        if (Array.from(element.options).some((o) => o.selected !== o.defaultSelected)) return true
      }
    }
  }
  return false
}
