"""Reconstruction of stanfordnlp/dspy@4ed377ee9110e912d4f5e1be43b317b87455053c:dspy/predict/knn.py (lines 49-53), trimmed; not the original text."""

import numpy as np


class KNN:
    def __call__(self, **kwargs) -> list:
        input_example_vector = self.embedding([" | ".join(f"{key}: {val}" for key, val in kwargs.items())])
        scores = np.dot(self.trainset_vectors, input_example_vector.T).squeeze()
        nearest_samples_idxs = scores.argsort()[-self.k :][::-1]
        return [self.trainset[cur_idx] for cur_idx in nearest_samples_idxs]
