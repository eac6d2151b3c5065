"""Reconstruction of truefoundry/cognita@8bcaae790af1effd398520338d6c623ff92b98fb:backend/modules/parsers/video_parser.py (lines 110-135), trimmed; not the original text."""

import os

from backend.modules.parsers.multi_modal_parser import MultiModalParser


class VideoParser:
    async def get_chunks(self, filepath, metadata=None, **kwargs):
        temp_images_dir = os.path.join(self.directory, "images")
        multimodal_parser = MultiModalParser(model_configuration=self.vlm_model_configuration, prompt=self.prompt)
        parsed_video_text = []
        # each frame is its own one-shot request (fixed prompt, then the image)
        for idx, image in enumerate(os.listdir(temp_images_dir)):
            image_path = os.path.join(temp_images_dir, image)
            image_text = await multimodal_parser.get_chunks(image_path, metadata)
            parsed_video_text.extend(image_text)
            if idx == self.total_frames:
                break
        return parsed_video_text
