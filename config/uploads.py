"""A size limit on multipart requests (file uploads).

Django limits the size of a request's form fields (DATA_UPLOAD_MAX_MEMORY_SIZE) but streams
uploaded files of any size to disk. No view takes a file (team lists, game logs and card data
are pasted text, read from the form fields), so a large multipart body is refused as a whole,
before it is read, with the same limit as any other request.
"""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.core.files.uploadhandler import FileUploadHandler


class RequestSizeLimit(FileUploadHandler):
    def handle_raw_input(self, input_data, META, content_length, boundary, encoding=None):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is not None and content_length > limit:
            raise RequestDataTooBig(f"A multipart body of {content_length} bytes (limit {limit}).")

    def receive_data_chunk(self, raw_data, start):
        return raw_data

    def file_complete(self, file_size):
        return None
