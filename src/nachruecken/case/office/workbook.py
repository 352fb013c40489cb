"""Sheets written as an office opens them: one ``.xlsx`` workbook (column notes as comments, drop-downs
from a hidden sheet of choices), or a folder of CSV files (``;``, UTF-8 with BOM, as Excel reads them)."""

from __future__ import annotations

import csv
import io

from nachruecken.case.office.cells import csv_cell, is_formula_like
from nachruecken.case.office.sheets import Sheet
from nachruecken.errors import InputError

CSV_NAMES = {"Bewerber": "bewerber.csv", "Ereignisse": "ereignisse.csv", "Fall": "fall.csv"}


def xlsx_bytes(sheets: list[Sheet]) -> bytes:
    try:
        import openpyxl
        from openpyxl.comments import Comment
        from openpyxl.styles import Font
        from openpyxl.utils import get_column_letter
        from openpyxl.worksheet.datavalidation import DataValidation
    except ImportError:
        raise InputError(".xlsx schreiben braucht openpyxl: pip install 'nachruecken[xlsx]'") from None
    book = openpyxl.Workbook()
    book.remove(book.active)
    lists = book.create_sheet("Auswahl")
    lists.sheet_state = "hidden"
    column = 0
    for sheet in sheets:
        ws = book.create_sheet(sheet.name)
        for row in [sheet.header, *sheet.rows]:
            ws.append(row)
            for cell in ws[ws.max_row]:
                if is_formula_like(cell.value):
                    cell.data_type = "s"  # text, never a formula
        for k, head in enumerate(sheet.header, 1):
            cell = ws.cell(row=1, column=k)
            cell.font = Font(bold=True)
            ws.column_dimensions[get_column_letter(k)].width = max(12, min(40, len(head) + 4))
            if head in sheet.notes:
                cell.comment = Comment(sheet.notes[head], "nachruecken")
            if head in sheet.choices:
                column += 1
                letter = get_column_letter(column)
                for i, word in enumerate(sheet.choices[head], 1):
                    lists.cell(row=i, column=column, value=word)
                check = DataValidation(
                    type="list", formula1=f"=Auswahl!${letter}$1:${letter}${len(sheet.choices[head])}", allow_blank=True
                )
                check.showErrorMessage = False  # other words are read too (and named if unknown)
                ws.add_data_validation(check)
                check.add(f"{get_column_letter(k)}2:{get_column_letter(k)}1000")
        ws.freeze_panes = "A2"
    book.move_sheet("Auswahl", offset=len(sheets))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def csv_text(sheet: Sheet) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow([csv_cell(c) for c in sheet.header])
    writer.writerows([[csv_cell(c) for c in row] for row in sheet.rows])
    return "\ufeff" + out.getvalue()
