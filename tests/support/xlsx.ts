import ExcelJS from 'exceljs'

/** An .xlsx workbook (one sheet, these rows) built with the library the member import reads it with. */
export async function xlsxOf(rows: (string | number | { text: string; hyperlink: string })[][]) {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Medlemmar')
  for (const row of rows) sheet.addRow(row)
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}
